export function electronBinary(): string | undefined;
export function ensureElectronSqlite(): void;
