<?php
/**
 * The four widgets as dynamic blocks and as shortcodes, both rendered here on the server (so kses,
 * which filters what authors type, never sees them: every role that writes posts can use them). Each
 * takes an optional partner code for this use; otherwise the site's (Settings -> Kasuwa) applies; and an
 * optional campaign (a newsletter issue, say) that the partner's signups page counts by. Each speaks its
 * `lang`, else the post's or the site's language (includes/i18n.php).
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Widgets {
	/** Block folder => [shortcode, attributes with their defaults]. */
	const WIDGETS = array(
		'signup'        => array(
			'kasuwa_signup',
			array(
				'partner'  => '',
				'campaign' => '',
				'lang'     => '',
			),
		),
		'rank-checker'  => array( 'kasuwa_rank_checker', array( 'lang' => '' ) ),
		'pricing'       => array(
			'kasuwa_pricing',
			array(
				'period'   => 'annual',
				'label'    => '',
				'partner'  => '',
				'campaign' => '',
				'lang'     => '',
			),
		),
		'start-selling' => array(
			'kasuwa_start_selling',
			array(
				'label'    => '',
				'partner'  => '',
				'campaign' => '',
				'lang'     => '',
			),
		),
	);

	public static function register(): void {
		add_action( 'init', array( self::class, 'init' ) );
	}

	public static function init(): void {
		wp_register_script(
			'kasuwa-editor',
			plugins_url( 'assets/editor.js', KASUWA_PLUGIN_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ),
			'1.0.0',
			true
		);
		// languages/kasuwa-<locale>-kasuwa-editor.json, made by the build like the .mo files.
		wp_set_script_translations( 'kasuwa-editor', 'kasuwa', dirname( __DIR__ ) . '/languages' );
		foreach ( self::WIDGETS as $block => [ $shortcode, $defaults ] ) {
			register_block_type(
				dirname( __DIR__ ) . '/blocks/' . $block,
				array(
					'render_callback' => fn ( $attributes ) => self::render( $block, (array) $attributes, get_block_wrapper_attributes() ),
				)
			);
			add_shortcode(
				$shortcode,
				// shortcode_atts keeps only the known attributes: unknown ones are ignored.
				fn ( $atts ) => self::render( $block, shortcode_atts( $defaults, is_array( $atts ) ? $atts : array(), $shortcode ) )
			);
		}
	}

	/** One widget's markup, in its language; marks the page as using a widget (the loader then comes once). */
	public static function render( string $block, array $attributes, string $wrapper = '' ): string {
		$lang = Kasuwa_I18n::language( (string) ( $attributes['lang'] ?? '' ) );
		return Kasuwa_I18n::in_language( $lang, fn () => self::markup( $block, $attributes, $wrapper ) );
	}

	private static function markup( string $block, array $attributes, string $wrapper ): string {
		Kasuwa_Loader::mark_used();
		$partner = Kasuwa_Settings::clean_partner( (string) ( $attributes['partner'] ?? '' ) );
		$partner = null === $partner || '' === $partner ? Kasuwa_Settings::partner() : $partner;
		// One the API would refuse is left out: the signup goes through without a campaign.
		$campaign = Kasuwa_Settings::clean_partner( (string) ( $attributes['campaign'] ?? '' ) ) ?? '';
		$label    = sanitize_text_field( (string) ( $attributes['label'] ?? '' ) );
		switch ( $block ) {
			case 'signup':
				return Kasuwa_Markup::signup( $partner, $campaign, $wrapper );
			case 'rank-checker':
				return Kasuwa_Markup::rank_checker( $wrapper );
			case 'pricing':
				$period = 'monthly' === ( $attributes['period'] ?? '' ) ? 'monthly' : 'annual';
				return Kasuwa_Markup::pricing( $period, $label, $partner, $campaign, $wrapper );
			default:
				return Kasuwa_Markup::start_selling( $partner, $campaign, $label, $wrapper );
		}
	}
}
