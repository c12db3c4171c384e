/** The screen width the components under test see (px); a desktop's unless a test says otherwise. */
let screenWidth = 1280;

export function setScreenWidth(width: number): void {
  screenWidth = width;
}

const REM = 16;

/** "(min-width: 62em)" and "(max-width: 600px)" against the width chosen; any other query does not match. */
function matches(query: string): boolean {
  const bound = /\((min|max)-width:\s*([\d.]+)(em|rem|px)\)/.exec(query);
  if (!bound) return false;
  const [, side, amount, unit] = bound;
  const px = Number(amount) * (unit === "px" ? 1 : REM);
  return side === "min" ? screenWidth >= px : screenWidth <= px;
}

export function matchMediaAtWidth(query: string): MediaQueryList {
  return {
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}
