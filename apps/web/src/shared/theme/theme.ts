import { createTheme, localStorageColorSchemeManager, useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { STORAGE } from '../auth/session.ts';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/**
 * Light or dark, saved in the browser. Until one is saved the scheme is 'auto', which follows the
 * system preference and its changes (client-area §4).
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE.colorScheme });

/** Keeps the browser's own controls and scrollbars in the scheme Mantine shows. */
export function ColorSchemeSync() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    document.documentElement.style.colorScheme = scheme;
  }, [scheme]);
  return null;
}
