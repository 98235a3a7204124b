import dayjs from 'dayjs';
import { LANGUAGE_TAGS } from './language-names';
import type { Language } from './languages';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One Intl formatter per language and style, made on first use (making one loads the locale's data). */
const intl = (language: Language, options: Intl.DateTimeFormatOptions) => {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], options)));
  return f;
};
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * Spec §9 date formats in English ('Jan 5, 2026', '5:30 PM'); in Hindi and Kannada the language's
 * own (issue 46: '5 जन॰ 2026', '5 ಜನವರಿ 2026'), month names translated, from Intl.
 */
export const formatDate = (d: string | number | Date, language: Language = 'en') =>
  language === 'en' ? dayjs(d).format('MMM D, YYYY') : intl(language, DATE).format(dayjs(d).toDate());
export const formatTime = (d: string | number | Date, language: Language = 'en') =>
  language === 'en' ? dayjs(d).format('h:mm A') : intl(language, TIME).format(dayjs(d).toDate());
export const formatDateTime = (d: string | number | Date, language: Language = 'en') =>
  language === 'en' ? dayjs(d).format('MMM D, YYYY h:mm A') : `${formatDate(d, language)}, ${formatTime(d, language)}`;

/** A weekday's name in the language ('Monday', 'सोमवार', 'ಸೋಮವಾರ'); `short` for 'Mon'. */
export const formatWeekday = (d: string | number | Date, language: Language = 'en', short = false) =>
  language === 'en'
    ? dayjs(d).format(short ? 'ddd' : 'dddd')
    : intl(language, { weekday: short ? 'short' : 'long' }).format(dayjs(d).toDate());

/** A month's name in the language ('January', 'जनवरी'); `short` for 'Jan'. */
export const formatMonth = (d: string | number | Date, language: Language = 'en', short = false) =>
  language === 'en'
    ? dayjs(d).format(short ? 'MMM' : 'MMMM')
    : intl(language, { month: short ? 'short' : 'long' }).format(dayjs(d).toDate());

/** A count with Indian grouping in every language ('1,00,000'), Latin digits as Indian shops print them. */
export const formatNumber = (n: number) => {
  if (!Number.isSafeInteger(n)) return new Intl.NumberFormat('en-IN').format(n);
  const digits = String(Math.abs(n));
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return n < 0 ? `-${grouped}` : grouped;
};
