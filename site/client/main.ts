/** The site's own script: small progressive enhancements that are not widgets. */
import '../styles/site.css';
import { trackPageView } from './analytics.js';

trackPageView();
