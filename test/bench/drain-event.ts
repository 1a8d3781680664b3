/** The one event the drain bench sells (central-double-process.ts holds it, drain.ts sells it). */
export const DRAIN_EVENT = { id: '01JBENCHDRA1N000000000000E', category: '01JBENCHDRA1N000000000000T' } as const;
