// The party's trend across sessions (placeholder until the campaign analytics land: issue 16 item 4).
export function Trends() { return null; }
