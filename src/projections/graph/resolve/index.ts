export { createResolver } from "./createResolver.js";
export { typeNamesIn } from "./typeNames.js";
