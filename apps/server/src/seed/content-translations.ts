import type { DbOrTx } from '../db/client';
import { blockTexts } from '../domains/content';
import { upsertTranslations, type TranslationRow } from '../domains/translations';
import { navItemTexts } from '../domains/website';

/**
 * The demo shop's menus and home page in Hindi and Kannada (issue 46 §2): its navigation and
 * footer items and its blocks' titles and hero slides, by their English text (a brand's name stays as it is).
 * Called after the storefront's menus and pages are seeded.
 */
const WORDS: Record<string, [hi: string, kn: string]> = {
  Home: ['होम', 'ಮುಖಪುಟ'],
  Categories: ['श्रेणियाँ', 'ವರ್ಗಗಳು'],
  Offers: ['ऑफ़र', 'ಕೊಡುಗೆಗಳು'],
  Fresh: ['ताज़ा', 'ತಾಜಾ'],
  Vegetables: ['सब्ज़ियाँ', 'ತರಕಾರಿಗಳು'],
  Fruits: ['फल', 'ಹಣ್ಣುಗಳು'],
  Mangoes: ['आम', 'ಮಾವಿನ ಹಣ್ಣುಗಳು'],
  Bananas: ['केले', 'ಬಾಳೆಹಣ್ಣುಗಳು'],
  'Farm partners': ['किसान साथी', 'ರೈತ ಪಾಲುದಾರರು'],
  Brands: ['ब्रांड', 'ಬ್ರ್ಯಾಂಡ್‌ಗಳು'],
  'About Us': ['हमारे बारे में', 'ನಮ್ಮ ಬಗ್ಗೆ'],
  Shop: ['खरीदारी', 'ಶಾಪಿಂಗ್'],
  'All products': ['सभी उत्पाद', 'ಎಲ್ಲಾ ಉತ್ಪನ್ನಗಳು'],
  Company: ['कंपनी', 'ಕಂಪನಿ'],
  'About us': ['हमारे बारे में', 'ನಮ್ಮ ಬಗ್ಗೆ'],
  'Our suppliers': ['हमारे आपूर्तिकर्ता', 'ನಮ್ಮ ಪೂರೈಕೆದಾರರು'],
  'Delivery areas': ['डिलीवरी क्षेत्र', 'ವಿತರಣಾ ಪ್ರದೇಶಗಳು'],
  Contact: ['संपर्क', 'ಸಂಪರ್ಕ'],
  Help: ['मदद', 'ಸಹಾಯ'],
  'Returns and refunds': ['वापसी और रिफ़ंड', 'ಹಿಂತಿರುಗಿಸುವಿಕೆ ಮತ್ತು ಮರುಪಾವತಿ'],
  'Cancellation policy': ['रद्दीकरण नीति', 'ರದ್ದತಿ ನೀತಿ'],
  'Terms of use': ['उपयोग की शर्तें', 'ಬಳಕೆಯ ನಿಯಮಗಳು'],
  'Privacy policy': ['गोपनीयता नीति', 'ಗೌಪ್ಯತಾ ನೀತಿ'],
  'Grievance officer': ['शिकायत अधिकारी', 'ಕುಂದುಕೊರತೆ ಅಧಿಕಾರಿ'],
  Account: ['खाता', 'ಖಾತೆ'],
  'My orders': ['मेरे ऑर्डर', 'ನನ್ನ ಆರ್ಡರ್‌ಗಳು'],
  Addresses: ['पते', 'ವಿಳಾಸಗಳು'],
  Wishlist: ['पसंदीदा', 'ಇಷ್ಟಪಟ್ಟವು'],
  'Shop by category': ['श्रेणी से खरीदें', 'ವರ್ಗದ ಪ್ರಕಾರ ಖರೀದಿಸಿ'],
  'Best deals': ['सबसे अच्छे सौदे', 'ಅತ್ಯುತ್ತಮ ಡೀಲ್‌ಗಳು'],
  'Top brands': ['टॉप ब्रांड', 'ಪ್ರಮುಖ ಬ್ರ್ಯಾಂಡ್‌ಗಳು'],
  'From our suppliers': ['हमारे आपूर्तिकर्ताओं से', 'ನಮ್ಮ ಪೂರೈಕೆದಾರರಿಂದ'],
  'Fresh fruits & vegetables': ['ताज़े फल और सब्ज़ियाँ', 'ತಾಜಾ ಹಣ್ಣು ಮತ್ತು ತರಕಾರಿಗಳು'],
  'Kitchen staples': ['रसोई का ज़रूरी सामान', 'ಅಡುಗೆಮನೆಯ ಅಗತ್ಯ ವಸ್ತುಗಳು'],
  'Our partners': ['हमारे साथी', 'ನಮ್ಮ ಪಾಲುದಾರರು'],
  // the home page's hero slides
  'Farm fresh, every morning': ['खेत से ताज़ा, हर सुबह', 'ಹೊಲದಿಂದ ತಾಜಾ, ಪ್ರತಿದಿನ ಬೆಳಿಗ್ಗೆ'],
  'Fruits & vegetables delivered in a slot you choose': ['फल और सब्ज़ियाँ, आपके चुने हुए समय पर घर तक', 'ಹಣ್ಣು ಮತ್ತು ತರಕಾರಿಗಳು, ನೀವು ಆರಿಸಿದ ಸಮಯಕ್ಕೆ ಮನೆಗೆ'],
  'Stock up on staples': ['राशन भर लीजिए', 'ದಿನಸಿ ತುಂಬಿಸಿಕೊಳ್ಳಿ'],
  'Rice, atta, dals and oils at the best prices': ['चावल, आटा, दालें और तेल, सबसे अच्छे दाम पर', 'ಅಕ್ಕಿ, ಹಿಟ್ಟು, ಬೇಳೆ ಮತ್ತು ಎಣ್ಣೆ, ಉತ್ತಮ ಬೆಲೆಯಲ್ಲಿ'],
  'Deals of the week': ['इस हफ़्ते के ऑफ़र', 'ಈ ವಾರದ ಕೊಡುಗೆಗಳು'],
  'Up to 25% off on top brands': ['बड़े ब्रांड पर 25% तक की छूट', 'ಪ್ರಮುಖ ಬ್ರ್ಯಾಂಡ್‌ಗಳ ಮೇಲೆ 25% ವರೆಗೆ ರಿಯಾಯಿತಿ'],
  'Shop now': ['अभी खरीदें', 'ಈಗಲೇ ಖರೀದಿಸಿ'],
};

export async function seedContentTranslations(db: DbOrTx, websiteId: number): Promise<void> {
  const rows: TranslationRow[] = [];
  const add = (entity: TranslationRow['entity'], entityId: string, field: string, english: string) => {
    const words = WORDS[english.trim()];
    if (!words) return;
    rows.push({ entity, entityId, field, language: 'hi', value: words[0] }, { entity, entityId, field, language: 'kn', value: words[1] });
  };
  for (const item of await navItemTexts(db, websiteId)) add('nav_item', item.id, 'name', item.fields[0]!.source);
  // every text of a block with words above (titles, hero slides), not a rich text's HTML
  for (const block of await blockTexts(db, websiteId)) for (const f of block.fields) add('block', block.id, f.field, f.source);
  if (rows.length) await upsertTranslations(db, websiteId, rows);
}
