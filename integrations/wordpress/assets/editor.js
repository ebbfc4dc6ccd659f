/**
 * The blocks in the editor, without a build step (WordPress's globals): a preview rendered by the
 * server (the same markup as on the page, before the widget script) and the block's settings in the
 * sidebar. Saved as comments only: the page is rendered on the server (includes/widgets.php).
 */
((wp) => {
  const el = wp.element.createElement;
  const { __ } = wp.i18n;
  const { InspectorControls, useBlockProps } = wp.blockEditor;
  const { PanelBody, TextControl, SelectControl } = wp.components;
  const ServerSideRender = wp.serverSideRender;

  const partnerField = (props) =>
    el(TextControl, {
      label: __('Partner code for this block (optional)', 'kasuwa'),
      help: __('Empty: the code from Settings → Kasuwa.', 'kasuwa'),
      value: props.attributes.partner,
      onChange: (partner) => props.setAttributes({ partner }),
    });

  // The partner's signups page counts by it (docs/partners.md); the API's rules, checked on the server.
  const campaignField = (props) =>
    el(TextControl, {
      label: __('Campaign for this block (optional)', 'kasuwa'),
      help: __('A newsletter issue, say: your signups page counts each campaign apart.', 'kasuwa'),
      value: props.attributes.campaign,
      onChange: (campaign) => props.setAttributes({ campaign }),
    });

  // Each language by its own name (common/i18n.ts LOCALE_NAMES); empty: the post's, else the site's.
  const languageField = (props) =>
    el(SelectControl, {
      label: __('Language', 'kasuwa'),
      value: props.attributes.lang,
      options: [
        { label: __("The post's language", 'kasuwa'), value: '' },
        { label: 'English', value: 'en' },
        { label: 'Naijá', value: 'pcm' },
        { label: 'Hausa', value: 'ha' },
        { label: 'Yorùbá', value: 'yo' },
        { label: 'Igbo', value: 'ig' },
      ],
      onChange: (lang) => props.setAttributes({ lang }),
    });

  const fields = {
    'kasuwa/signup': (props) => [partnerField(props), campaignField(props), languageField(props)],
    'kasuwa/rank-checker': (props) => [languageField(props)],
    'kasuwa/pricing': (props) => [
      el(SelectControl, {
        label: __('Prices shown first', 'kasuwa'),
        value: props.attributes.period,
        options: [
          { label: __('Annual', 'kasuwa'), value: 'annual' },
          { label: __('Monthly', 'kasuwa'), value: 'monthly' },
        ],
        onChange: (period) => props.setAttributes({ period }),
      }),
      el(TextControl, {
        label: __('Name of the plans list (optional)', 'kasuwa'),
        value: props.attributes.label,
        onChange: (label) => props.setAttributes({ label }),
      }),
      partnerField(props),
      campaignField(props),
      languageField(props),
    ],
    'kasuwa/start-selling': (props) => [
      el(TextControl, {
        label: __('Button text', 'kasuwa'),
        value: props.attributes.label,
        onChange: (label) => props.setAttributes({ label }),
      }),
      partnerField(props),
      campaignField(props),
      languageField(props),
    ],
  };

  /** The block in the editor: its settings in the sidebar, the server's rendering as the preview. */
  function KasuwaBlockEdit(props) {
    const controls = fields[props.name](props);
    return el(
      'div',
      useBlockProps(),
      controls.length
        ? el(InspectorControls, null, el(PanelBody, { title: __('Kasuwa', 'kasuwa') }, ...controls))
        : null,
      el(ServerSideRender, { block: props.name, attributes: props.attributes }),
    );
  }

  for (const name of Object.keys(fields)) {
    wp.blocks.registerBlockType(name, { edit: KasuwaBlockEdit, save: () => null });
  }
})(window.wp);
