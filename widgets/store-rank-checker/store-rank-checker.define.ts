/** Defines <store-rank-checker> (its name and options from store-rank-checker.tag.ts) with its component and styles. */
import { defineWidget } from '../shared/define.js';
import { StoreRankChecker } from './store-rank-checker.component.js';
import { storeRankCheckerStyles } from './store-rank-checker.styles.js';
import { options, tag } from './store-rank-checker.tag.js';

defineWidget({ tag, options }, StoreRankChecker, { styles: [storeRankCheckerStyles] });
