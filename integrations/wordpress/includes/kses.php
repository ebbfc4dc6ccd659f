<?php
/**
 * The four tags and their attributes join what kses lets authors without unfiltered_html keep in a
 * post, so an Author can write a tag by hand (in a Custom HTML block). Scripts, forms and inputs stay
 * forbidden to them; the blocks and shortcodes give them the fallback forms instead.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Kses {
	public static function register(): void {
		add_filter( 'wp_kses_allowed_html', array( self::class, 'allow' ), 10, 2 );
	}

	public static function allow( $tags, $context ) {
		if ( 'post' !== $context || ! is_array( $tags ) ) {
			return $tags;
		}
		$common = array(
			'class'  => true,
			'id'     => true,
			'style'  => true,
			'title'  => true,
			'data-*' => true,
		);
		foreach ( Kasuwa_Markup::data()['tags'] ?? array() as $tag => $facts ) {
			$tags[ $tag ] = $common + array_fill_keys( (array) $facts['attributes'], true );
		}
		return $tags;
	}
}
