import type { DocumentFamily } from '../../../platform/documents/define';
import { AppError } from '../../../platform/http/errors';
import { tryLockTree, type Runner } from './repo';
import { deleteRefusal, descendantsOf, parentRefusal, type NodeUse, type TreeLink } from './rules';
import type { Who } from '../../../platform/auth/who';


/** How one organisation tree (departments of a company, organisations of a group) is read. */
export interface TreeParts<U extends NodeUse> {
  /** the tree's name for its move lock */
  tree: 'department' | 'organisation';
  /** the word for a node in messages: 部门, 组织 */
  node: string;
  /** the list field that filters by node id */
  idKey: string;
  /** the id the tree belongs to: the company or the group */
  ownerOf: (who: Pick<Who, 'orgId' | 'groupId'>) => string;
  links: (db: Runner, ownerId: string) => Promise<TreeLink[]>;
  uses: (tx: Runner, ownerId: string, ids: string[]) => Promise<U[]>;
  /** a refusal of this tree's own, asked before the common ones */
  refuseDelete?: (use: U, who: Pick<Who, 'orgId' | 'groupId'>) => string | null;
}

/** The checks a tree family shares: no move that closes a loop, no delete that leaves sub-nodes or users behind, a node's branch as the tree filter. */
export function treeChecks<U extends NodeUse>(parts: TreeParts<U>): Required<Pick<DocumentFamily, 'checkWrite' | 'checkDelete' | 'treeFilter'>> {
  const words = { node: parts.node };
  return {
    checkWrite: async (tx, who, id, values) => {
      const parentId = (values.parentId as string | null) ?? null;
      const owner = parts.ownerOf(who);
      // only a move can close a loop; a new node has nothing below it
      if (id !== null && parentId !== null && !(await tryLockTree(tx, parts.tree, owner))) {
        throw AppError.of('conflict', `${parts.node}树正在被他人调整，请稍后重试`, 'parentId');
      }
      const problem = parentRefusal(await parts.links(tx, owner), id, parentId, words);
      return problem ? [{ field: 'parentId', message: problem }] : [];
    },
    checkDelete: async (tx, who, ids) =>
      (await parts.uses(tx, parts.ownerOf(who), ids)).flatMap((use) => {
        const problem = parts.refuseDelete?.(use, who) ?? deleteRefusal(use, words);
        return problem ? [{ field: 'ids', message: problem }] : [];
      }),
    // the chosen node and its branch; a node of another company or group lists nothing
    treeFilter: async (db, who, treeId) => {
      const links = await parts.links(db, parts.ownerOf(who));
      if (!links.some((l) => l.id === treeId)) return { key: parts.idKey, op: 'in', val: ['0'] };
      return { key: parts.idKey, op: 'in', val: [treeId, ...descendantsOf(links, treeId)] };
    },
  };
}
