/** Writes .br and .gz beside every text asset of at least 1 KB under `dir`. */
export function precompress(dir: string): { files: number; before: number; afterBr: number };
