/**
 * Which drawing of the composer made a page. Bump it when the composer draws noticeably better
 * pages: a server that starts with a newer version than the demo library was drawn with draws the
 * demo library again, in the background, page by page (seed-library.ts). Same value, same pages.
 */
export const COMPOSER_VERSION = '2026-11-29k kitchens, classrooms and bedrooms furnished; winged unicorns and pegasi; bamboo forests; whole robots; eyes closed in sleep; tools held for doing words; a barn on every farm; patterned clothes on teen people; letters and numbers; life cycles; kawaii faces; the solar system';
