/**
 * Webshop inventory: an article is a news item (category "webshop") sold under an order category,
 * per gender and size, with its stock. Sizes: 34–54 (even), XXS–7XL, kids 92–164; gender m or f;
 * stock never below 0.
 */
export const ADULT_SIZES = Array.from({ length: 11 }, (_, i) => String(34 + i * 2));
export const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', '7XL'];
export const KIDS_SIZES = ['92', '98', '104', '110', '116', '122', '128', '134', '140', '146', '152', '158', '164'];
export const INVENTORY_SIZES = [...new Set([...ADULT_SIZES, ...LETTER_SIZES, ...KIDS_SIZES])];
export const INVENTORY_GENDERS = ['m', 'f'] as const;
/** The news category that makes an article sellable. */
export const WEBSHOP_CATEGORY = 'webshop';
/** Articles per page of the inventory list. */
export const INVENTORY_PAGE_SIZE = 10;
