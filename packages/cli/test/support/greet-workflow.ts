/** A workflow with one input and one shell step that writes a file (so it asks for approval by default). */
export const GREET_WORKFLOW = `name: greet
description: Says hello
inputs:
  who: { type: string }
steps:
  - id: hello
    name: Greet
    run: echo "hello \${{ inputs.who }}" > greeting.txt && cat greeting.txt
`;
