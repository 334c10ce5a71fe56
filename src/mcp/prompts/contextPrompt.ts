import * as Schema from "effect/Schema";
import { definePrompt } from "../prompt.js";
import { TASK_TEXT_MAX, text } from "../tools/fields.js";

export const contextPrompt = definePrompt({
  name: "context",
  title: "Context for a task",
  description: "The code, callers, callees, tests, rules and decisions a task needs (get_smart_context), as a message to start the task from.",
  input: Schema.Struct({ task: text("The task, in words or identifiers", TASK_TEXT_MAX) }),
  tool: "get_smart_context",
  toolArguments: (input) => ({ task: input.task }),
  message: (input, answer) => `The task: ${input.task}\n\nWhat Nemesis found for it (get_smart_context):\n\n${answer}`,
});
