import type { INDIAN_STATES } from './account';

type State = (typeof INDIAN_STATES)[number];

/**
 * The state or union territory of an Indian PIN code, from its leading digits (India Post's postal
 * circles), where those digits name one state: the address form fills State as the pincode is typed.
 * Prefixes shared by two states (24–26 Uttar Pradesh / Uttarakhand, 81–83 Bihar / Jharkhand,
 * 396 Gujarat / Dadra and Nagar Haveli and Daman and Diu, 605 Tamil Nadu / Puducherry…) give null:
 * the shopper chooses, rather than being handed a wrong state.
 */
const BY_PREFIX: Array<[string, State]> = [
  ['11', 'Delhi'],
  ['12', 'Haryana'],
  ['13', 'Haryana'],
  ['14', 'Punjab'],
  ['15', 'Punjab'],
  ['160', 'Chandigarh'],
  ['17', 'Himachal Pradesh'],
  ['18', 'Jammu and Kashmir'],
  ['194', 'Ladakh'],
  ['19', 'Jammu and Kashmir'],
  ['20', 'Uttar Pradesh'],
  ['21', 'Uttar Pradesh'],
  ['22', 'Uttar Pradesh'],
  ['23', 'Uttar Pradesh'],
  ['27', 'Uttar Pradesh'],
  ['28', 'Uttar Pradesh'],
  ['30', 'Rajasthan'],
  ['31', 'Rajasthan'],
  ['32', 'Rajasthan'],
  ['33', 'Rajasthan'],
  ['34', 'Rajasthan'],
  ['36', 'Gujarat'],
  ['37', 'Gujarat'],
  ['38', 'Gujarat'],
  ['403', 'Goa'],
  ['40', 'Maharashtra'],
  ['41', 'Maharashtra'],
  ['42', 'Maharashtra'],
  ['43', 'Maharashtra'],
  ['44', 'Maharashtra'],
  ['45', 'Madhya Pradesh'],
  ['46', 'Madhya Pradesh'],
  ['47', 'Madhya Pradesh'],
  ['48', 'Madhya Pradesh'],
  ['49', 'Chhattisgarh'],
  ['50', 'Telangana'],
  ['51', 'Andhra Pradesh'],
  ['52', 'Andhra Pradesh'],
  ['53', 'Andhra Pradesh'],
  ['56', 'Karnataka'],
  ['57', 'Karnataka'],
  ['58', 'Karnataka'],
  ['59', 'Karnataka'],
  ['60', 'Tamil Nadu'],
  ['61', 'Tamil Nadu'],
  ['62', 'Tamil Nadu'],
  ['63', 'Tamil Nadu'],
  ['64', 'Tamil Nadu'],
  ['67', 'Kerala'],
  ['68', 'Kerala'],
  ['69', 'Kerala'],
  ['737', 'Sikkim'],
  ['744', 'Andaman and Nicobar Islands'],
  ['70', 'West Bengal'],
  ['71', 'West Bengal'],
  ['72', 'West Bengal'],
  ['73', 'West Bengal'],
  ['74', 'West Bengal'],
  ['75', 'Odisha'],
  ['76', 'Odisha'],
  ['77', 'Odisha'],
  ['78', 'Assam'],
  ['790', 'Arunachal Pradesh'],
  ['791', 'Arunachal Pradesh'],
  ['792', 'Arunachal Pradesh'],
  ['793', 'Meghalaya'],
  ['794', 'Meghalaya'],
  ['795', 'Manipur'],
  ['796', 'Mizoram'],
  ['797', 'Nagaland'],
  ['798', 'Nagaland'],
  ['799', 'Tripura'],
  ['80', 'Bihar'],
  ['84', 'Bihar'],
  ['85', 'Bihar'],
];
/** Prefixes that belong to more than one state: no guess. */
const SHARED = ['396', '605', '682'];

export function stateOfPincode(pincode: string): State | null {
  if (!/^[1-9]\d{5}$/.test(pincode) || SHARED.some((p) => pincode.startsWith(p))) return null;
  // the longest prefix first: 403 (Goa) before 40 (Maharashtra)
  const hit = BY_PREFIX.filter(([p]) => pincode.startsWith(p)).sort((a, b) => b[0].length - a[0].length)[0];
  return hit ? hit[1] : null;
}
