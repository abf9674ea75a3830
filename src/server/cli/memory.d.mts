/** Types of memory.mjs for the TypeScript that calls it (start.ts). */
export declare const SERVER_V8_FLAGS: readonly string[];
export declare function holdYoungGeneration(): void;
export declare function collectStartupGarbage(): void;
