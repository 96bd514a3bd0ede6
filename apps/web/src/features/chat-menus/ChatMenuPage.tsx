import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

/** Chat Menu (client-area §2) — the screen comes with its own issue; until then only its title. */
export function ChatMenuPage() {
  return <PlaceholderPage titleKey="pages.chatMenu" />;
}
