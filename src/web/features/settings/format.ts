/**
 * An IP address as people write it: IPv6 compressed ("2001:db8::1" rather than eight groups
 * of four digits). An unspecified address ("::", all zeros) means none was recorded.
 */
export function formatIpAddress(value: string | null | undefined): string {
  const address = value?.trim() ?? "";
  if (!address) return "Not recorded";
  if (!address.includes(":")) return address;
  const groups = address.toLowerCase().split(":");
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return address;
  const short = groups.map((group) => group.replace(/^0+(?=.)/, ""));
  // Collapse the longest run of two or more zero groups into "::".
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && short[start + length] === "0") length++;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
  }
  const compressed = bestStart < 0 ? short.join(":") : `${short.slice(0, bestStart).join(":")}::${short.slice(bestStart + bestLength).join(":")}`;
  return compressed === "::" ? "Not recorded" : compressed;
}
