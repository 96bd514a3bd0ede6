/** A role name for people: underscores to spaces, each word capitalised (`client_admin` → `Client Admin`). */
export function humanizeRole(role: string | null | undefined): string {
  return (role ?? '')
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
