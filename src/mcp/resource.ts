import type { CallTool } from "./prompt.js";

/** A resource as `resources/list` names it. */
export interface ListedResource {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType: string;
}

/** A family of resources as `resources/templates/list` names it (`nemesis://memory/rule/{id}`). */
export interface ResourceTemplate {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly mimeType: string;
}

export interface ResourceText {
  readonly uri: string;
  readonly mimeType: string;
  readonly text: string;
}

/**
 * Resources (MCP `resources/*`; Claude Code offers them as @-mentions), defined beside the tools
 * and read through one tool's answer (any tool of the registry, whichever sets the server lists).
 */
export interface ResourceDefinition {
  /** The tool the resources are read through. */
  readonly tool: string;
  readonly templates: ReadonlyArray<ResourceTemplate>;
  list(call: CallTool): Promise<ListedResource[]>;
  /** The resource at `uri`; null when `uri` is not one of these (a ToolError when it is, but names nothing). */
  read(uri: string, call: CallTool): Promise<ResourceText | null>;
}
