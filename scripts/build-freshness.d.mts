export declare const BUILD_SOURCES: readonly string[];
export declare function buildState(root: string): "missing" | "stale" | "fresh";
