import { defineModule } from '../../platform/module/define';
import { documentApproval } from '../workflow/declare';
import { ADJUST_FAMILIES, RULE_FAMILIES } from './family';
import { adjustPermission, PRICE_KINDS } from './kinds';
import { PURCHASE_PRICE_LEAVES, SALE_PRICE_LEAVES } from './menu';

/**
 * Prices (价格): the sales and purchase price lists and their adjustments on the document engine.
 * What decides a ticket's price is resolve.ts (the chain) and completion.ts (at the second
 * weighing); README.md has the readings and the lock order.
 */
export const priceModule = defineModule({
  key: 'price',
  depends: ['masterdata', 'contract', 'workflow'],
  documents: [...RULE_FAMILIES, ...ADJUST_FAMILIES],
  // an adjustment is audited by its approval flow when its company defines one
  approvals: PRICE_KINDS.map((k, i) => documentApproval(ADJUST_FAMILIES[i], {
    nameEn: k.adjustLabelEn, menuPath: k.adjustMenuPath, initiatePermission: adjustPermission(k.kind, 'submitApproval'),
  })),
  menu: [{ area: '/sale', leaves: SALE_PRICE_LEAVES }, { area: '/purchase', leaves: PURCHASE_PRICE_LEAVES }],
});
