export { openScratchStore, scratchStorePath } from "./openScratchStore.js";
export { SCRATCH_HANDLES, SCRATCH_VERSION, ScratchProjector } from "./ScratchProjector.js";
export { ScratchReader, type EdgeFilter, type EdgeRow, type GraphRow, type NodeRow } from "./ScratchReader.js";
