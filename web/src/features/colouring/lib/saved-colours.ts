/**
 * A picture in progress survives a reload or a trip to the login page: its colours are written
 * to sessionStorage per page (region:colour pairs, only coloured regions) and read back on return.
 */
const key = (imageId: string) => `colouring:${imageId}`;

export function saveColours(imageId: string, colours: Uint32Array): void {
  const pairs: string[] = [];
  for (let r = 1; r < colours.length; r += 1) if (colours[r]) pairs.push(`${r.toString(36)}:${colours[r].toString(36)}`);
  try {
    if (pairs.length) sessionStorage.setItem(key(imageId), `${colours.length}|${pairs.join(',')}`);
    else sessionStorage.removeItem(key(imageId));
  } catch {
    // Storage full or unavailable: the picture still works, it is just not kept across a reload.
  }
}

/** The saved colours of a page with `regionCount` regions, or null (none, or saved for another version of the page). */
export function loadColours(imageId: string, regionCount: number): Uint32Array | null {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem(key(imageId));
  } catch {
    return null;
  }
  if (!text) return null;
  const [length, body] = text.split('|');
  if (Number(length) !== regionCount + 1 || !body) return null;
  const colours = new Uint32Array(regionCount + 1);
  for (const pair of body.split(',')) {
    const [region, colour] = pair.split(':').map((part) => Number.parseInt(part, 36));
    if (region > 0 && region <= regionCount && Number.isFinite(colour)) colours[region] = colour >>> 0;
  }
  return colours;
}
