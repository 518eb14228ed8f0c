/** Types of tooling/subset-fonts.mjs (the basic font faces, docs/decisions/0032). */
export declare const FONTS_DIR: string;
export declare const BASIC_CODE_POINTS: number[];
export declare const UNICODE_RANGE: string;
export declare const BASIC_FACES: { from: string; to: string }[];
export declare function basicFace(from: string): Promise<Uint8Array>;
