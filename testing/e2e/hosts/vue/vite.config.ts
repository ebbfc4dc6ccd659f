import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

const kasuwaTags = ['start-selling-form', 'start-selling-modal', 'store-rank-checker', 'pricing-plans'];

export default defineConfig({
  plugins: [
    vue({
      template: {
        // Leave the Kasuwa tags to the browser: they are custom elements, not Vue components.
        compilerOptions: { isCustomElement: (tag) => kasuwaTags.includes(tag) },
      },
    }),
  ],
});
