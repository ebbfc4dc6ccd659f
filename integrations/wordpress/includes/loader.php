<?php
/**
 * The widgets' loader (a module script from the configured origin), once per page and only on pages
 * that use a widget: a block, a shortcode or a tag written by hand. It goes in <head> with the reserved
 * sizes of the tags (an enqueued inline style), so a tag written without fallback content does not move
 * the page either. wp_enqueue_script_module() exists from 6.5 only, so the script is printed with
 * wp_print_script_tag(), whose wp_script_attributes filter CSP plugins use to add their nonce.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Loader {
	const BLOCKS     = array( 'kasuwa/signup', 'kasuwa/rank-checker', 'kasuwa/pricing', 'kasuwa/start-selling' );
	const SHORTCODES = array( 'kasuwa_signup', 'kasuwa_rank_checker', 'kasuwa_pricing', 'kasuwa_start_selling' );

	private static bool $used    = false;
	private static bool $printed = false;

	public static function register(): void {
		// wp_head runs before the content is rendered (classic themes), so the queried posts are read first.
		add_action( 'wp', array( self::class, 'detect' ) );
		add_action( 'wp_head', array( self::class, 'print_head' ), 5 );
		// A widget rendered after <head> (a widget area, a late shortcode) still gets the loader, once.
		add_action( 'wp_footer', array( self::class, 'print_late' ), 5 );
	}

	public static function mark_used(): void {
		self::$used = true;
	}

	/** True when a text uses a widget: one of our blocks, shortcodes or tags, or a data-start-selling element. */
	public static function uses_widget( string $content ): bool {
		foreach ( self::BLOCKS as $block ) {
			if ( has_block( $block, $content ) ) {
				return true;
			}
		}
		foreach ( self::SHORTCODES as $shortcode ) {
			if ( has_shortcode( $content, $shortcode ) ) {
				return true;
			}
		}
		return (bool) preg_match( '/<(?:start-selling-form|start-selling-modal|store-rank-checker|pricing-plans)[\s>\/]|data-start-selling/i', $content );
	}

	public static function detect(): void {
		global $wp_query;
		foreach ( (array) ( $wp_query->posts ?? array() ) as $post ) {
			if ( $post instanceof WP_Post && self::uses_widget( $post->post_content ) ) {
				self::$used = true;
				return;
			}
		}
	}

	public static function print_head(): void {
		if ( self::$used ) {
			self::enqueue_style();
			self::print();
		}
	}

	/** After <head>, the style is printed with the footer's late styles (wp_footer, 20). */
	public static function print_late(): void {
		if ( self::$used ) {
			self::enqueue_style();
			self::print();
		}
	}

	private static function enqueue_style(): void {
		if ( wp_style_is( 'kasuwa-reserved-sizes' ) ) {
			return;
		}
		$css = '';
		foreach ( array_keys( Kasuwa_Markup::data()['tags'] ?? array() ) as $tag ) {
			$height = Kasuwa_Markup::min_height( $tag );
			$room   = '' !== $height ? 'display:block;min-height:' . $height : 'display:contents';
			$css .= ':where(' . sanitize_key( $tag ) . ':not(:defined)){' . $room . '}';
		}
		wp_register_style( 'kasuwa-reserved-sizes', false, array(), '1.0.0' );
		wp_add_inline_style( 'kasuwa-reserved-sizes', $css );
		wp_enqueue_style( 'kasuwa-reserved-sizes' );
	}

	private static function print(): void {
		if ( self::$printed ) {
			return;
		}
		self::$printed = true;
		wp_print_script_tag(
			array(
				'type' => 'module',
				'src'  => esc_url_raw( Kasuwa_Settings::origin() . '/widgets/v1/kasuwa-widgets.js' ),
				'id'   => 'kasuwa-widgets-js',
			)
		);
	}
}
