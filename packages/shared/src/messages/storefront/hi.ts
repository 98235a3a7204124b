import { formatINR, toRupees } from '../../money';
import type { Messages } from '../types';

// What the server writes to a shopper, in Hindi (हिन्दी): simple shop words. Codes, amounts and
// pincodes stay as they are. A catalogue error not listed under `errors` is said in English.

const REFUSED = {
  unknown: 'यह कूपन कोड सही नहीं है',
  not_started: 'यह कूपन अभी शुरू नहीं हुआ है',
  expired: 'इस कूपन की तारीख़ निकल चुकी है',
  used_up: 'यह कूपन पूरा इस्तेमाल हो चुका है',
  first_order: 'यह कूपन सिर्फ़ आपके पहले ऑर्डर के लिए है',
  used_by_you: 'आप यह कूपन पहले ही इस्तेमाल कर चुके हैं',
} as const;

const notDeliveredTo = (pincode: string) => `माफ़ कीजिए, हम अभी ${pincode} पर डिलीवरी नहीं करते।`;
const couponRefused: Messages['storefront']['couponRefused'] = (r) =>
  r.kind === 'minimum' ? `${r.code} इस्तेमाल करने के लिए ${formatINR(toRupees(r.shortPaise))} का सामान और जोड़ें` : REFUSED[r.kind];

export const storefront: Messages['storefront'] = {
  freeDelivery: 'मुफ़्त डिलीवरी',
  moreForFreeDelivery: (p) => `मुफ़्त डिलीवरी के लिए ${p.amount} का सामान और जोड़ें`,
  notDeliveredTo: (p) => notDeliveredTo(p.pincode),
  itemNotDeliveredTo: (p) => `${p.item} की डिलीवरी ${p.pincode} पर नहीं होती`,
  itemNotAtLocation: (p) => `${p.item} आपके इलाक़े में नहीं मिलता`,
  outOfStock: 'स्टॉक में नहीं',
  onlyLeft: (p) => `स्टॉक में सिर्फ़ ${p.left} बचे हैं`,
  couponRemoved: (p) => `कूपन ${p.code} हटा दिया गया: ${p.reason}`,
  couponRefused,
  addItemsForOffer: 'यह ऑफ़र पाने के लिए कार्ट में सामान डालें',
  deliversHere: (p) => `${p.zone} से यहाँ डिलीवरी होती है${p.cod ? '' : ' (कैश ऑन डिलीवरी नहीं)'}`,
  backInStockSubject: (p) => `फिर से स्टॉक में: ${p.name}`,
  backInStockText: (p) => `ख़ुशख़बरी: ${p.name} फिर से स्टॉक में है। ${p.link}`,
};

export const errors: Messages['errors'] = {
  // request and session
  NOT_FOUND: 'नहीं मिला',
  CSRF_MISMATCH: 'आपका सेशन पुराना हो गया है। कृपया पेज दोबारा खोलें और फिर से कोशिश करें।',
  UNAUTHENTICATED: 'आगे बढ़ने के लिए कृपया साइन इन करें।',
  FORBIDDEN: 'आप यह नहीं कर सकते।',
  VALIDATION_FAILED: 'कृपया लाल रंग में दिखाई गई जानकारी जाँचें।',
  RATE_LIMITED: 'बहुत ज़्यादा कोशिशें हो गईं। थोड़ा रुककर फिर से कोशिश करें।',
  INTERNAL: 'कुछ गड़बड़ हो गई',
  DATABASE_UNAVAILABLE: 'दुकान अभी अपने डेटा तक नहीं पहुँच पा रही है। थोड़ी देर में फिर से कोशिश करें।',
  // sign-in and account
  INVALID_CODE: 'कोड ग़लत है या उसका समय निकल गया है',
  TOO_MANY_ATTEMPTS: 'बहुत ज़्यादा ग़लत कोड डाले गए। कृपया नया कोड मँगाएँ।',
  RESEND_COOLDOWN: (d) => `नया कोड मँगाने से पहले ${d.seconds} सेकंड रुकें`,
  ACCOUNT_NOT_FOUND: 'इस ईमेल या मोबाइल से कोई खाता नहीं मिला। कृपया रजिस्टर करें।',
  ACCOUNT_EXISTS: 'इस ईमेल या मोबाइल से खाता पहले से है। कृपया लॉग इन करें।',
  IDENTIFIER_TAKEN: 'यह ईमेल या मोबाइल किसी और खाते में इस्तेमाल हो रहा है',
  ACCOUNT_OPEN_ORDERS: 'आपके कुछ ऑर्डर अभी रास्ते में हैं: उनके डिलीवर या रद्द होने के बाद खाता हटाएँ',
  ACCOUNT_STAFF: 'स्टाफ़ का खाता यहाँ से नहीं हटाया जा सकता: पहले दुकान के मालिक से अपनी पहुँच हटवाएँ',
  ADDRESS_NOT_FOUND: 'पता नहीं मिला',
  REGISTRATION_CLOSED: 'यह दुकान अभी नए खाते नहीं बना रही है। कृपया अपने पुराने खाते से लॉग इन करें।',
  CUSTOMER_BLOCKED: (d) => `${d.shop} पर आपका खाता रोक दिया गया है: ${d.reason}। अगर आपको लगता है कि यह ग़लती है, तो कृपया दुकान से बात करें।`,
  // delivery
  PINCODE_INVALID: 'कृपया सही पिनकोड डालें',
  PINCODE_NOT_SERVICEABLE: (d) => notDeliveredTo(d.pincode),
  NOT_DELIVERABLE: (d) =>
    d.item === undefined
      ? notDeliveredTo(d.pincode ?? '')
      : d.pincode
        ? `${d.item} की डिलीवरी ${d.pincode} पर नहीं होती`
        : `${d.item} आपके इलाक़े में नहीं मिलता`,
  // cart and stock
  PACK_NOT_FOUND: 'यह सामान अब उपलब्ध नहीं है',
  OUT_OF_STOCK: (d) => `${d.item} स्टॉक में नहीं है`,
  NOT_ENOUGH_STOCK: (d) => `स्टॉक में सिर्फ़ ${d.weight ?? d.available} बचे हैं`,
  COUPON_REFUSED: (d) => (d.refusal ? couponRefused(d.refusal) : d.reason),
  // orders and checkout
  ORDER_NOT_FOUND: 'ऑर्डर नहीं मिला',
  INVOICE_NOT_ISSUED: 'टैक्स इनवॉइस ऑर्डर होने के बाद बनता है; यह ऑर्डर अभी पूरा नहीं हुआ है।',
  CART_EMPTY: 'आपका कार्ट खाली है',
  CART_ALREADY_ORDERED: (d) => `यह कार्ट अभी-अभी ऑर्डर हो गया है (ऑर्डर ${d.ordernumber})। इसे मेरे ऑर्डर में देखें।`,
  CART_CHANGED: 'ऑर्डर करते समय आपका कार्ट बदलता रहा। कृपया कार्ट देखकर फिर से ऑर्डर करें।',
  COUPON_UNAVAILABLE: (d) => `${d.refusal ? couponRefused(d.refusal) : d.reason}। कृपया कार्ट देखकर फिर से ऑर्डर करें।`,
  LINES_UNAVAILABLE: (d) => `${d.item}: ${d.reason}`,
  PAYMENT_METHOD_UNAVAILABLE: (d) => (d.method === 'cod' ? 'इस ऑर्डर पर कैश ऑन डिलीवरी उपलब्ध नहीं है' : 'भुगतान का यह तरीक़ा उपलब्ध नहीं है'),
  PRICE_CHANGED: (d) => `आपके कार्ट देखने के बाद दाम बदल गए हैं: अब कुल ${formatINR(Number(d.amount))} है। कृपया देखकर फिर से ऑर्डर करें।`,
  SLOT_FULL: 'यह डिलीवरी स्लॉट अभी-अभी भर गया। कृपया कोई और स्लॉट चुनें।',
  SLOT_INVALID: 'दिए गए डिलीवरी स्लॉट में से कोई एक चुनें',
  NOT_CANCELLABLE: 'यह ऑर्डर अब रद्द नहीं हो सकता',
  NOT_AWAITING_PAYMENT: 'इस ऑर्डर का भुगतान अब बाक़ी नहीं है',
  PAYMENT_METHOD_CHANGED: 'इस ऑर्डर के भुगतान का तरीक़ा अभी बदला गया है। कृपया ऑर्डर दोबारा खोलें।',
  PAYMENT_NOT_CONFIGURED: (d) => `इस दुकान में ${d.provider} से ऑनलाइन भुगतान चालू नहीं है`,
  PAYMENT_PROVIDER_ERROR: (d) => `${d.provider} से जवाब नहीं आया। थोड़ी देर में फिर से कोशिश करें।`,
  // wishlist
  WISHLIST_NAME_TAKEN: (d) => `${d.name} नाम की विशलिस्ट पहले से है`,
  // changing a placed order
  ORDER_NOT_EDITABLE: 'यह ऑर्डर आगे बढ़ चुका है: अब इसे बदला नहीं जा सकता',
  ORDER_EDIT_PROMOTION: (d) => `इस ऑर्डर पर “${d.promotion}” ऑफ़र लगा है: बदलने के लिए इसे रद्द करके फिर से ऑर्डर करें`,
  ORDER_EDIT_WEIGHED: (d) => `${d.item} तौल कर बिकता है: इसे जैसा ऑर्डर किया वैसा रखें या हटा दें`,
  ORDER_EDIT_NO_STOCK: (d) => (d.max > 0 ? `इस ऑर्डर में ${d.item} सिर्फ़ ${d.max} ही हो सकते हैं` : `${d.item} स्टॉक में नहीं है`),
  NO_BALANCE_DUE: 'इस ऑर्डर पर कोई बाक़ी रक़म नहीं है: भेजने को कुछ नहीं',
  ORDER_EDIT_BELOW_WALLET: (d) =>
    `इस ऑर्डर के ${d.amount} वॉलेट से दिए गए थे, इसलिए यह उससे कम का नहीं हो सकता। वॉलेट का हिस्सा वापस पाने के लिए ऑर्डर रद्द करें।`,
  ORDER_EDIT_COSTS_MORE: (d) =>
    `इन बदलावों से ${d.more} ज़्यादा लगेंगे, और भुगतान हो चुके ऑर्डर पर ज़्यादा नहीं लिया जा सकता। कुछ हटाएँ, या बाक़ी सामान के लिए नया ऑर्डर करें।`,
  ORDER_EDIT_COUPON_MINIMUM: (d) => `इस ऑर्डर के कूपन ${d.code} के लिए कम से कम ${d.minimum} का सामान चाहिए`,
  ORDER_EDIT_TOTAL_CHANGED: (d) => `नया कुल अब ${formatINR(Number(d.amount))} है, जो आपने देखा था वह नहीं। कृपया बदलाव देखकर फिर से पक्का करें।`,
  // reporting an issue on a delivered order
  ISSUE_NOT_REPORTABLE: (d) => `शिकायत डिलीवर हुए ऑर्डर पर, डिलीवरी के ${d.days} दिन के अंदर की जा सकती है`,
  ISSUE_ALREADY_OPEN: 'आप इस ऑर्डर पर पहले ही शिकायत कर चुके हैं: दुकान आपसे संपर्क करेगी',
  ISSUE_NOT_FOUND: 'शिकायत नहीं मिली',
  // wallet
  WALLET_TOPUP_NOT_FOUND: 'टॉप-अप नहीं मिला',
  WALLET_NOT_ENOUGH: (d) => `वॉलेट में ${d.balance} हैं: इसके लिए काफ़ी नहीं`,
  KHATA_LIMIT_REACHED: (d) => `इससे खाता अपनी उधार सीमा पार कर जाएगा: अभी ${d.left} की उधार बाक़ी है`,
  WALLET_REST_ONLINE: 'कैश ऑन डिलीवरी पूरे ऑर्डर के लिए है: वॉलेट का बैलेंस इस्तेमाल करने के लिए बाक़ी रक़म UPI या कार्ड से दें',
  WALLET_ACCOUNT_CLOSED: 'यह वॉलेट या खाता बंद है',
  // subscriptions (the cut-off is worded by the storefront from the English: it names the day)
  SUBSCRIPTION_NOT_FOUND: 'सब्सक्रिप्शन नहीं मिला',
  SUBSCRIPTION_PACK_NOT_SUBSCRIBABLE: 'यह पैक सब्सक्रिप्शन पर नहीं मिलता',
  SUBSCRIPTION_CANCELLED: 'यह सब्सक्रिप्शन रद्द हो चुका है: नया शुरू करें',
  SUBSCRIPTION_SLOT_INVALID: 'यह डिलीवरी स्लॉट आपके पते के लिए नहीं है',
  SUBSCRIPTION_NOT_DELIVERABLE: 'हम अभी इस पते पर डिलीवरी नहीं करते',
  SUBSCRIPTION_NO_DELIVERY: (d) => `${d.date} को कोई डिलीवरी नहीं है जिसमें जोड़ा जाए: डिलीवरी वाला दिन चुनें`,
  SUBSCRIPTION_EXTRA_UNAVAILABLE: 'यह सामान अभी नहीं बिकता, इसलिए जोड़ा नहीं जा सकता',
};
