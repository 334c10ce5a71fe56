/**
 * Most files a commit may touch and still say which files change together: a sweeping rename,
 * reformat or vendored import touches everything at once and would tie every file to every other.
 */
export const MAX_WEIGHTED_FILES = 50;

/**
 * Whether a commit counts for co-change and for message search. A merge repeats what its
 * branch's own commits already counted; a commit over MAX_WEIGHTED_FILES says nothing about
 * any one pair of its files.
 */
export const carriesWeight = (parents: number, files: number): boolean => parents <= 1 && files <= MAX_WEIGHTED_FILES;
