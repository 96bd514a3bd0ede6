// Sets the colour scheme before the app loads, so a dark page does not flash white. Mirrors
// Mantine's colour-scheme manager: the saved choice (ai-admin.color-scheme), else the system's.
(() => {
  try {
    const saved = localStorage.getItem('ai-admin.color-scheme');
    const scheme =
      saved === 'light' || saved === 'dark'
        ? saved
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    document.documentElement.style.colorScheme = scheme;
  } catch {}
})();
