import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE } from '../auth/session.ts';
import { en } from './en.ts';
import { id } from './id.ts';

export type Language = 'en' | 'id';
export type PreferenceLanguage = 'english' | 'indonesia';

export const toPreferenceLanguage = (language: Language): PreferenceLanguage =>
  language === 'id' ? 'indonesia' : 'english';
export const fromPreferenceLanguage = (language: string): Language =>
  language === 'indonesia' ? 'id' : 'en';

/** The language the person chose, or null while they have not chosen one. */
export const savedLanguage = (): Language | null => {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.language);
  return value === 'en' || value === 'id' ? value : null;
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, id: { translation: id } },
  lng: savedLanguage() ?? 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Saves the choice and switches every screen. */
export function setLanguage(language: Language) {
  localStorage.setItem(STORAGE.language, language);
  return i18n.changeLanguage(language);
}

/**
 * Billing screens speak Indonesian until the person picks a language (client-area §1: billing in
 * Indonesian, the rest in English); after that they follow the choice like every other screen.
 */
export function useBillingTranslation() {
  const { t, i18n: instance } = useTranslation();
  return savedLanguage() ? { t, i18n: instance } : { t: instance.getFixedT('id'), i18n: instance };
}

type Catalogue = { [key: string]: string | Catalogue };

/**
 * A feature's own texts, added when its (lazily loaded) module loads, under one top-level key:
 * `registerCatalogue('packages', { en: {...}, id: {...} })` then `t('packages.title')`. Keeps
 * the shared catalogues small and each feature's strings beside its screens.
 */
export function registerCatalogue<T extends Catalogue>(key: string, catalogue: { en: T; id: T }) {
  i18n.addResourceBundle('en', 'translation', { [key]: catalogue.en }, true, true);
  i18n.addResourceBundle('id', 'translation', { [key]: catalogue.id }, true, true);
}
