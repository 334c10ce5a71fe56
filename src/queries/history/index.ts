export { fileHistoryOf, type FileHistory } from "./fileHistory.js";
export { MIN_TOGETHER, usuallyChangesWith, type ChangesWith } from "./usuallyChangesWith.js";
