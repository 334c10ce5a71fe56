export { createResolver } from "./createResolver.js";
export { typeNamesIn } from "./typeNames.js";
export { annotatedTypeName, chainSegments, createdClass } from "./receiverText.js";
