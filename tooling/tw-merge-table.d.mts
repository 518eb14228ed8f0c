/** Types of tooling/tw-merge-table.mjs (tailwind-merge for the app's classes, docs/decisions/0033). */
export interface MergeTable {
  classGroups: Record<string, string[]>;
  conflictingClassGroups: Record<string, string[]>;
  conflictingClassGroupModifiers: Record<string, string[]>;
  postfixLookupClassGroups: string[];
  orderSensitiveModifiers: string[];
}
export declare const TABLE_FILE: string;
export declare function styleSources(css?: string): string[];
export declare function candidates(): Promise<string[]>;
export declare function buildTable(classes: string[]): Promise<MergeTable>;
export declare function tableModule(table: MergeTable): string;
