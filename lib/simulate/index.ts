export * from "./schema";
export * from "./errors";
export * from "./engine";
export { PRESETS, getPreset, demoSnapshot, type Preset, type PresetId } from "./presets";
