// A session's recap (placeholder until the recap work lands: issue 16 item 2).
export function Recap() { return null; }
