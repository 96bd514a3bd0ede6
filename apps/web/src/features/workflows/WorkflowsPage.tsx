import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

/** Workflows (client-area §2) — the screen comes with its own issue; until then only its title. */
export function WorkflowsPage() {
  return <PlaceholderPage titleKey="pages.workflows" />;
}
