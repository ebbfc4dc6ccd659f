import { loadKasuwaWidgets } from '@kasuwa/widgets';
import '@kasuwa/widgets/vue';
import { createApp } from 'vue';
import App from './App.vue';

// Once, before the app mounts: the tags on the page are defined as they near the viewport.
void loadKasuwaWidgets({ origin: 'https://kasuwa.shop' });

createApp(App).mount('#app');
