/** The dashboard's widgets (client-area §2): six metric cards and four trend charts. */
export const METRIC_WIDGETS = [
  { id: 'total_chats', label: 'dashboard.totalChats' },
  { id: 'total_blasts', label: 'dashboard.totalBlasts' },
  { id: 'total_knowledge', label: 'dashboard.totalKnowledge' },
  { id: 'total_tickets', label: 'dashboard.totalTickets' },
  { id: 'total_integrations', label: 'dashboard.totalIntegrations' },
  { id: 'total_schedulings', label: 'dashboard.totalSchedulings' },
] as const;

export const CHART_WIDGETS = [
  { id: 'chats_trend', type: 'chats', label: 'dashboard.chatTrends' },
  { id: 'blasts_trend', type: 'blasts', label: 'dashboard.blastTrends' },
  { id: 'knowledge_trend', type: 'knowledge', label: 'dashboard.knowledgeTrends' },
  { id: 'tickets_trend', type: 'tickets', label: 'dashboard.ticketTrends' },
] as const;

export type WidgetId = (typeof METRIC_WIDGETS)[number]['id'] | (typeof CHART_WIDGETS)[number]['id'];
export const WIDGET_IDS: WidgetId[] = [...METRIC_WIDGETS, ...CHART_WIDGETS].map((widget) => widget.id);

/** Where the choice is kept in the browser (client-area §9: "dashboard widgets"). */
export const WIDGETS_STORAGE_KEY = 'ai-admin.dashboard-widgets';

export type WidgetChoice = Record<WidgetId, boolean>;

/** Every widget shown, the default until someone customises. */
export const allWidgets = (): WidgetChoice =>
  Object.fromEntries(WIDGET_IDS.map((id) => [id, true])) as WidgetChoice;

/** The saved choice; unknown or missing entries fall back to shown (new widgets appear). */
export function loadWidgetChoice(storage: Storage | undefined = globalThis.localStorage): WidgetChoice {
  const choice = allWidgets();
  try {
    const saved = JSON.parse(storage?.getItem(WIDGETS_STORAGE_KEY) ?? 'null') as unknown;
    if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
      for (const id of WIDGET_IDS) {
        const value = (saved as Record<string, unknown>)[id];
        if (typeof value === 'boolean') choice[id] = value;
      }
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return choice;
}

export function saveWidgetChoice(
  choice: WidgetChoice,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(WIDGETS_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
}
