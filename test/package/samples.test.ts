/*
 * The sample workflows of workflows/: each node must be executable on its own in n8n's editor.
 * A tool node runs alone through n8n's Tool Executor, which finds the tool by a name the editor
 * makes from the node name by replacing spaces only, while the tool calls itself by the node
 * name with every character outside [A-Za-z0-9_-] replaced: a tool named with any other
 * character (an apostrophe, say) is never run ("the execution took a different path").
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.resolve(__dirname, '..', '..', 'workflows');
const samples = fs
	.readdirSync(DIR)
	.filter((f) => f.endsWith('.json'))
	.map((file) => ({
		file,
		workflow: JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as {
			nodes: Array<{ name: string; type: string }>;
		},
	}));

const editorToolName = (name: string) => name.replaceAll(' ', '_');
const toolNameOf = (name: string) => name.replace(/[^a-zA-Z0-9_-]+/g, '_');

it('there are samples with tools', () => {
	expect(
		samples.flatMap((s) => s.workflow.nodes).filter((n) => n.type.endsWith('Tool')).length,
	).toBeGreaterThan(0);
});

it.each(samples.map((s) => [s.file, s.workflow] as const))(
	'%s: every tool node can be executed on its own',
	(_file, workflow) => {
		for (const node of workflow.nodes.filter((n) => n.type.endsWith('Tool'))) {
			expect({ node: node.name, editor: editorToolName(node.name) }).toEqual({
				node: node.name,
				editor: toolNameOf(node.name),
			});
		}
	},
);
