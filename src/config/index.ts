export { CONFIG_TEMPLATE, ConfigError, NemesisConfig, defaultConfig, loadConfig } from "./config.js";
export { findProjectRoot, nemesisPaths, type NemesisPaths } from "./paths.js";
export { confinePath, type Confined } from "./confinePath.js";
export { loadHookConfig, HOOK_CONFIG_DEFAULTS, type HookConfig } from "./hookConfig.js";
