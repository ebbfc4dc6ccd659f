<?php
/**
 * The four tags and their attributes join what kses lets authors without unfiltered_html keep in a
 * post, so an Author can write a tag by hand (in a Custom HTML block). Scripts, forms and inputs stay
 * forbidden to them, and so do `api-url` (it sends every signup on the page to another server) and
 * `open` (it opens the modal over the page); the blocks and shortcodes give them the fallback forms.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Kses {
	/** Attributes only users with unfiltered_html may write: kses does not filter what they save. */
	const WITHHELD = array( 'api-url', 'open' );

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
			$tags[ $tag ] = $common + array_fill_keys( array_diff( (array) $facts['attributes'], self::WITHHELD ), true );
		}
		return $tags;
	}
}
