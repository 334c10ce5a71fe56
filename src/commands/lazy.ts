// The modules of src/commands that other folders load only when they need them (heavy code, or a command's own):
// `await importX()` keeps each in a chunk of its own. A dynamic import of index.ts would load the whole folder,
// and a loader in index.ts would drag its module into the one-file hooks bundle.
export const importLearnInstructions = () => import("./learn/learnInstructions.js");
export const importEventStoreOf = () => import("./eventStoreOf.js");
export const importHandleCommand = () => import("./handleCommand.js");
