<?php
/**
 * The markup of each widget as our own site renders it: the tag, with a plain form inside it that
 * works without JavaScript (a signup POST and a rank GET to the configured origin, the partner code and
 * campaign in hidden fields) and a plain plans list. Inline styles give each tag the room the widget takes
 * (widget-data.json: each tag's hostSize) and keep every control inside its container, so nothing
 * moves when the widget replaces the fallback and no stylesheet of ours is needed. Its words are the
 * widgets' (translated with them, includes/i18n.php), and each tag carries the widget's `lang`.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Markup {
	const FIELD_ROW = 'display:flex;flex-wrap:wrap;gap:.5rem;max-width:100%';
	const LABEL     = 'display:block;font-weight:600;margin:0 0 .4rem';
	const INPUT     = 'flex:1 1 12rem;min-width:0;max-width:100%;min-height:44px;box-sizing:border-box;padding:.5rem .75rem;font:inherit';
	const BUTTON    = 'flex:0 0 auto;max-width:100%;min-height:44px;box-sizing:border-box;padding:.5rem 1rem;font:inherit;cursor:pointer';
	const HONEYPOT  = 'position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden';

	private static ?array $data = null;

	/** widget-data.json: tags, their attributes and sizes, the plans. */
	public static function data(): array {
		if ( null === self::$data ) {
			$json       = file_get_contents( dirname( __DIR__ ) . '/widget-data.json' );
			self::$data = is_string( $json ) ? (array) json_decode( $json, true ) : array();
		}
		return self::$data;
	}

	/** The host's own style: the widget's size, never wider than its container. */
	public static function host_style( string $tag ): string {
		return 'display:block;min-height:' . self::min_height( $tag ) . ';box-sizing:border-box;position:relative';
	}

	/** The height a tag reserves, a CSS length in px or em (widget-data.json); '' for a tag that takes no room. */
	public static function min_height( string $tag ): string {
		$height = (string) ( self::data()['tags'][ $tag ]['minHeight'] ?? '' );
		return preg_match( '/^\d+(\.\d+)?(px|em)$/', $height ) ? $height : '';
	}

	/**
	 * Attributes as ` name="value"`, escaped; empty values left out. `$wrapper` is what
	 * get_block_wrapper_attributes() gave (already escaped), or ''.
	 */
	private static function attributes( array $attributes, string $wrapper = '' ): string {
		$out = '' === $wrapper ? '' : ' ' . $wrapper;
		foreach ( $attributes as $name => $value ) {
			if ( '' !== $value ) {
				$out .= ' ' . $name . '="' . esc_attr( $value ) . '"';
			}
		}
		return $out;
	}

	/**
	 * A plan's words from widget-data.json (English), translated: the build puts them into the .mo
	 * files with the plans' own translations (scripts/wordpress-i18n.mjs).
	 */
	private static function translate( string $english ): string {
		return Kasuwa_I18n::text( $english );
	}

	private static function url( string $path ): string {
		return esc_url( Kasuwa_Settings::origin() . $path );
	}

	/** Our site's signup page, carrying the partner code and campaign for its widgets (`?partner=&campaign=`). */
	private static function signup_page_url( string $partner, string $campaign ): string {
		$query = http_build_query( array_filter( array( 'partner' => $partner, 'campaign' => $campaign ), fn ( $value ) => '' !== $value ), '', '&', PHP_QUERY_RFC3986 );
		return esc_url( Kasuwa_Settings::origin() . '/' . ( '' === $query ? '' : '?' . $query ) . '#signup' );
	}

	/** Hidden fields the no-JavaScript form posts, left out when empty. */
	private static function hidden( array $fields ): string {
		$out = '';
		foreach ( $fields as $name => $value ) {
			$out .= '' === $value ? '' : '<input type="hidden" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '">';
		}
		return $out;
	}

	public static function signup( string $partner, string $campaign, string $wrapper = '' ): string {
		$id     = wp_unique_id( 'kasuwa-email-' );
		$hidden = self::hidden( array( 'partner' => $partner, 'campaign' => $campaign ) );
		// The welcome mail's language, as our own page's form sends it (docs/languages.md, E-mail).
		$hidden .= self::hidden( array( 'locale' => Kasuwa_I18n::current() ) );
		return '<start-selling-form' . self::attributes( array( 'partner' => $partner, 'campaign' => $campaign, 'lang' => Kasuwa_I18n::current(), 'style' => self::host_style( 'start-selling-form' ) ), $wrapper ) . '>'
			. '<form method="post" action="' . self::url( self::data()['paths']['signup'] ?? '/start-selling' ) . '" style="margin:0">'
			. '<label for="' . esc_attr( $id ) . '" style="' . esc_attr( self::LABEL ) . '">' . esc_html__( 'Email address', 'kasuwa' ) . '</label>'
			. '<div style="' . esc_attr( self::FIELD_ROW ) . '">'
			. '<input id="' . esc_attr( $id ) . '" name="email" type="email" autocomplete="email" required placeholder="you@example.com" style="' . esc_attr( self::INPUT ) . '">'
			. '<button type="submit" style="' . esc_attr( self::BUTTON ) . '">' . esc_html__( 'Start Selling', 'kasuwa' ) . '</button>'
			. '</div>' . $hidden
			. '<div aria-hidden="true" style="' . esc_attr( self::HONEYPOT ) . '"><label>' . esc_html__( 'Leave this empty', 'kasuwa' ) . '<input name="website" tabindex="-1" autocomplete="off"></label></div>'
			. '</form></start-selling-form>';
	}

	public static function rank_checker( string $wrapper = '' ): string {
		$id = wp_unique_id( 'kasuwa-domain-' );
		return '<store-rank-checker' . self::attributes( array( 'lang' => Kasuwa_I18n::current(), 'style' => self::host_style( 'store-rank-checker' ) ), $wrapper ) . '>'
			. '<form method="get" action="' . self::url( self::data()['paths']['rank'] ?? '/new-year-sales/rank' ) . '" style="margin:0">'
			. '<label for="' . esc_attr( $id ) . '" style="' . esc_attr( self::LABEL ) . '">' . esc_html__( 'Store domain', 'kasuwa' ) . '</label>'
			. '<div style="' . esc_attr( self::FIELD_ROW ) . '">'
			. '<input id="' . esc_attr( $id ) . '" name="domain" type="text" inputmode="url" autocomplete="url" autocapitalize="none" spellcheck="false" required placeholder="yourstore.kasuwa.shop" style="' . esc_attr( self::INPUT ) . '">'
			. '<button type="submit" style="' . esc_attr( self::BUTTON ) . '">' . esc_html__( 'Check my rank', 'kasuwa' ) . '</button>'
			. '</div></form></store-rank-checker>';
	}

	/** The four plans as a strip that scrolls sideways inside the widget's height, as on our /pricing. */
	public static function pricing( string $period, string $label, string $partner, string $campaign, string $wrapper = '' ): string {
		$plans  = self::data()['plans'] ?? array( 'list' => array() );
		$other  = 'monthly' === $period ? 'annual' : 'monthly';
		$intro  = 'monthly' === $period
			? esc_html__( 'Prices per month', 'kasuwa' )
			/* translators: %s: the saving, e.g. "Save 33%" */
			: sprintf( esc_html__( 'Prices per year · %s against paying monthly', 'kasuwa' ), '<strong>' . esc_html( self::translate( $plans['savingLabel'] ?? '' ) ) . '</strong>' );
		$cards  = '';
		foreach ( $plans['list'] as $plan ) {
			$border = $plan['recommended'] ? '2px solid currentColor' : '1px solid #c3c4c7';
			$cards .= '<li style="flex:0 0 min(16rem,85%);scroll-snap-align:start;box-sizing:border-box;display:flex;flex-direction:column;margin:0;padding:1.25rem;border:' . esc_attr( $border ) . ';border-radius:12px">'
				. ( $plan['recommended'] ? '<p style="margin:0;font-size:.85rem;font-weight:700">' . esc_html__( 'Recommended', 'kasuwa' ) . '</p>' : '' )
				. '<h3 style="margin:.25rem 0;font-size:1.3rem">' . esc_html( self::translate( $plan['title'] ) ) . '</h3>'
				. '<p style="margin:0">' . esc_html( self::translate( $plan['description'] ) ) . '</p>'
				. '<p style="margin:.5rem 0 0;font-size:1.6rem;font-weight:800">' . esc_html( $plan['price'][ $period ] ) . '<span style="font-size:1rem;font-weight:400">' . esc_html( self::translate( $plans['periodLabel'][ $period ] ) ) . '</span></p>'
				/* translators: %s: the other period's price */
				. ( $plan['free'] ? '' : '<p style="margin:0">' . esc_html( sprintf( 'monthly' === $other ? __( 'or %s/month', 'kasuwa' ) : __( 'or %s/year', 'kasuwa' ), $plan['price'][ $other ] ) ) . '</p>' )
				. '<p style="margin:1rem 0 0"><a href="' . self::signup_page_url( $partner, $campaign ) . '" data-start-selling' . self::attributes( array( 'data-partner' => $partner, 'data-campaign' => $campaign ) ) . '>' . esc_html__( 'Get Started', 'kasuwa' ) . '</a></p>'
				. '<ul style="margin:1rem 0 0;padding-left:1.1rem">' . implode( '', array_map( fn ( $b ) => '<li>' . esc_html( self::translate( $b ) ) . '</li>', $plan['benefits'] ) ) . '</ul>'
				. '</li>';
		}
		return '<pricing-plans' . self::attributes( array( 'period' => $period, 'label' => $label, 'lang' => Kasuwa_I18n::current(), 'style' => self::host_style( 'pricing-plans' ) ), $wrapper ) . '>'
			. '<div style="max-width:100%;box-sizing:border-box">'
			. '<p style="margin:0 0 1rem;text-align:center">' . $intro . '</p>'
			. '<ul aria-label="' . esc_attr( '' === $label ? __( 'Plans', 'kasuwa' ) : $label ) . '" style="list-style:none;display:flex;gap:1rem;overflow-x:auto;scroll-snap-type:x mandatory;max-width:100%;box-sizing:border-box;margin:0;padding:0 0 1rem">' . $cards . '</ul>'
			. '</div></pricing-plans>';
	}

	/**
	 * A link that opens the signup modal (the page's <start-selling-modal>, which carries the partner
	 * code and campaign); without JavaScript it leads to the signup on our site.
	 */
	public static function start_selling( string $partner, string $campaign, string $text, string $wrapper = '' ): string {
		return '<start-selling-modal' . self::attributes( array( 'partner' => $partner, 'campaign' => $campaign, 'lang' => Kasuwa_I18n::current() ) ) . '></start-selling-modal>'
			. '<p' . ( '' === $wrapper ? '' : ' ' . $wrapper ) . '><a class="wp-element-button" href="' . self::signup_page_url( $partner, $campaign ) . '" data-start-selling' . self::attributes( array( 'data-partner' => $partner, 'data-campaign' => $campaign ) ) . '>'
			. esc_html( '' === $text ? __( 'Start Selling', 'kasuwa' ) : $text ) . '</a></p>';
	}
}
