export * from "./snapshot";
export * from "./parse";
export * from "./skew";
export * from "./report";
export * from "./format";
export * from "./clone";
export * from "./min-max";
export * from "./finite-number";
