import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

/** Workflow Templates (super-admin §2) — the screen comes with its own issue; until then only its title. */
export function WorkflowTemplatesPage() {
  return <PlaceholderPage titleKey="pages.workflowTemplates" />;
}
