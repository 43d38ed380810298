/** The demo model of `npm start`: it reads, and never answers a request to change as if done. */
import { demoScript, requestedWrite } from '../../testkit/models/demo-model';
import type { TurnContext } from '../../testkit/models/scripted-model';

const TOOLS = ['Find_Affinity_lists', 'Read_list_entries', 'Get_a_company'].map((name) => ({
	name,
	description: `${name} (reads)`,
	parameters: {},
}));

function context(question: string): TurnContext {
	return {
		request: { model: 'demo', messages: [{ role: 'user', content: question }] },
		tools: TOOLS,
		question,
		results: [],
		step: 0,
	} as unknown as TurnContext;
}

describe('requestedWrite', () => {
	it.each([
		['Add NewCo to the Deal Pipeline', 'List Entry → Add'],
		['Put Acme on the Target Accounts list', 'List Entry → Add'],
		['Remove Initech from the Deal Pipeline', 'List Entry → Remove'],
		['Set the Stage of Acme to Won', 'List Entry → Update Field Value'],
		['Log that I met Jane today', 'Note → Create'],
		['Add a note to Acme: call back Monday', 'Note → Create'],
		['Remind me to call Jane on Friday', 'Reminder → Create'],
		['Create a company called NewCo', 'Company → Create'],
		['Create a person Jane Doe', 'Person → Create'],
		['Create a deal for Acme', 'Opportunity → Create'],
		['Delete Acme', 'the matching Delete operation'],
	])('%s → %s', (question, operation) => {
		expect(requestedWrite(question)).toBe(operation);
	});

	it.each([
		'Who is on the Deal Pipeline?',
		"What's new on the Deal Pipeline?",
		'What do we know about Acme?',
		'Show the notes on Acme',
		'What is the status of Initech?',
		'Any updates on the deal pipeline?',
	])('%s asks for nothing to change', (question) => {
		expect(requestedWrite(question)).toBeUndefined();
	});
});

describe('demoScript', () => {
	it('asked to add, calls no tool and says it cannot, naming List Entry → Add', () => {
		const turn = demoScript(context('Add NewCo to the Deal Pipeline'));
		expect(turn).not.toHaveProperty('call');
		const answer = (turn as { answer: string }).answer;
		expect(answer).toMatch(/^\[Demo model: a script, not an AI\./);
		expect(answer).toMatch(/I cannot do that: nothing was added or changed/);
		expect(answer).toContain('List Entry → Add of the Affinity v2 node does it');
		expect(answer).toContain('Find Affinity lists, Read list entries, Get a company');
	});

	it('asked to read, starts with the tool that finds lists', () => {
		expect(demoScript(context('Who is on the Deal Pipeline?'))).toEqual({
			call: { tool: 'Find_Affinity_lists', args: {} },
		});
	});
});
