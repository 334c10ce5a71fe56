export { createResolver } from "./createResolver.js";
export { typeNamesIn } from "./typeNames.js";
export { annotatedTypeName, chainSegments } from "./receiverText.js";
