import { defineWidget } from '../shared/define.js';
import { StoreRankChecker } from './store-rank-checker.component.js';
import { storeRankCheckerStyles } from './store-rank-checker.styles.js';

export const tag = 'store-rank-checker';

defineWidget(tag, StoreRankChecker, { styles: [storeRankCheckerStyles], props: { apiUrl: 'string' } });
