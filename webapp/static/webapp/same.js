// Two JSON values alike, whatever order their objects' keys come in (a JSON object has none):
// the server answers a write sent with an Idempotency-Key with its keys sorted (so a replay is
// the first answer byte for byte), the phone's referee as its engines made them.
const canonical = (value) => (Array.isArray(value) ? value.map(canonical)
  : value && typeof value === "object"
    ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]))
    : value);

export const sameJSON = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
