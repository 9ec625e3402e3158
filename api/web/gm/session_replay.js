// Replay a whole session (placeholder until the session work lands: issue 16 item 3).
export function SessionReplay() { return null; }
