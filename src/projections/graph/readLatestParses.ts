export { readLatestParses } from "../../events/index.js";
