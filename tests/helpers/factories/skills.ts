import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Skills posted over GraphQL, as a person posts them. */

export const SKILL_FIELDS = `
  id name description tags spaceId isAnonymousPost when createdAt canEdit joined
  author { id displayName photoURL role }
  counters { totalParticipants }
`;

export interface SkillView {
  id: string;
  name: string;
  description: string;
  tags: string[];
  spaceId: string;
  isAnonymousPost: boolean;
  when: string;
  createdAt: string;
  canEdit: boolean;
  joined: boolean;
  author: { id: string; displayName: string; photoURL: string; role: string };
  counters: { totalParticipants: number };
}

export const CREATE_SKILL = `mutation($input: CreateSkillInput!) { createSkill(input: $input) { ${SKILL_FIELDS} } }`;
export const SKILL = `query($id: ID!) { skill(id: $id) { ${SKILL_FIELDS} } }`;
export const UPDATE_SKILL = `mutation($id: ID!, $input: UpdateSkillInput!) { updateSkill(id: $id, input: $input) { ${SKILL_FIELDS} } }`;

let skillSequence = 0;

export async function postSkill(
  server: TestServer,
  user: TestUser,
  options: {
    name?: string;
    description?: string;
    spaceId?: string;
    isAnonymousPost?: boolean;
  } = {},
) {
  skillSequence += 1;
  const data = await gqlData<{ createSkill: SkillView }>(
    server.url,
    CREATE_SKILL,
    {
      input: {
        name: `Skill ${skillSequence}`,
        description: '<p>Welding and #metalwork basics</p>',
        ...options,
      },
    },
    { token: user.token },
  );
  return data.createSkill;
}
